/** The name and version the MCP endpoint and the OpenAPI document give for the service. */
export const SERVER_INFO = { name: 'chart-service', version: '4.0.0' } as const;
