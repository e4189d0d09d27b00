import type * as z from 'zod';
import type { Deps } from '../operations/types.js';

/** Completes one prompt argument from what the user has typed so far and the other arguments. */
export type ArgumentCompleter = (deps: Deps, value: string, context: Record<string, string>) => string[];

/**
 * An MCP prompt: a reusable request a user picks in a chat client, filled from its arguments. Its
 * text names the tools to call (a test checks they exist), so an agent starts with the right calls.
 */
export interface Prompt<A extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** Every argument a string, as MCP sends them; described for the client's form. */
  args: A;
  /** Completion per argument name, for `completion/complete`. */
  complete: Partial<Record<keyof z.infer<A> & string, ArgumentCompleter>>;
  /** The user message the prompt puts in the conversation. */
  text: (args: z.infer<A>) => string;
  /** The tools the text tells the model to call, in order. */
  tools: (args: z.infer<A>) => string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPrompt = Prompt<any>;

export const definePrompt = <A extends z.ZodObject>(prompt: Prompt<A>): Prompt<A> => prompt;
