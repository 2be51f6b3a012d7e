// Generated from the OpenAPI document (/api/openapi.json) by `npm run openapi:types`: do not
// edit by hand. A test fails when it no longer matches the routes.
export interface paths {
  '/api/v1/my-connections': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your connections
     * @description Newest first. The next page's cursor is in the `Next-Cursor` response header, absent on the last page.
     */
    get: operations['listConnections'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a connection */
    get: operations['getConnection'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/{id}/files': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a connection's files */
    get: operations['listConnectionFiles'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/files/{id}/download': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a file
     * @description Redirects (302) to a short-lived download address; available once a report on the connection was paid for.
     */
    get: operations['downloadFile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/{id}/intervals': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A connection's interval data: series, analytics and quality */
    get: operations['getIntervals'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/{id}/intervals.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A connection's interval data as CSV
     * @description The newest series in the standard interval CSV (text/csv attachment).
     */
    get: operations['downloadIntervalsCsv'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/{id}/gas.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A connection's gas readings as CSV
     * @description The newest gas series, one row per period as the utility gave it, in its own unit (text/csv attachment).
     */
    get: operations['downloadGasCsv'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tariffs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Tariffs to price interval data under
     * @description The imported tariffs, by provider and name; `providerId` keeps one provider's (400 when there is no such provider).
     */
    get: operations['listTariffs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/{id}/bill-estimate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A connection's bill under a tariff
     * @description Prices the connection's newest interval data under a tariff: a stored one (`tariffId`) or a URDB rate object given here (`urdb`), exactly one of them. Bills are calendar months in the data's time zone, or with `periods: "statements"` the billing periods of the connection's statements and billing history. Every amount is in whole cents except `total` (dollars). For the owner once a report on the connection is paid for (402 before), and admins; 409 when the connection has no interval data, or no billing period within it.
     */
    post: operations['estimateBill'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/my/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List your webhook endpoints */
    get: operations['listWebhooks'];
    put?: never;
    /** Add a webhook endpoint */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/my/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change a webhook endpoint */
    put: operations['updateWebhook'];
    post?: never;
    /** Delete a webhook endpoint */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/my/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a test event to a webhook endpoint */
    post: operations['testWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/my/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a webhook endpoint's recent deliveries */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/record-usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Request a report on a connection
     * @description Buys a utility report on one of your connections; on the Monthly Subscription it is added to the month's invoice. Asking again while a request is open answers that request instead of charging twice.
     */
    post: operations['requestReport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List your report requests and what they cost */
    get: operations['listUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/billing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your plan, card and subscription */
    get: operations['getBilling'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/my/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the newest report of each connection you paid for */
    get: operations['listReports'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/{id}/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List every version of a connection's report */
    get: operations['listConnectionReports'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/{id}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A report's HTML
     * @description The report as a self-contained, sandboxed HTML document.
     */
    get: operations['previewReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/{id}/download/{format}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a report (html, pdf or zip)
     * @description Redirects (302) to a short-lived download address. With an API key: your own reports once paid for.
     */
    get: operations['downloadReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: never;
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listConnections: {
    parameters: {
      query?: {
        /** @description The `nextCursor` of the previous page */
        cursor?: string;
        /** @description Items per page, 1 to 100 */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          /** @description The next page */
          'Next-Cursor'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            providerId: number;
            provider: {
              id: number;
              name: string;
              state: string;
            };
            user: {
              id: number;
              username: string;
            };
            customerName: string;
            customerEmail: string;
            customerPhone: string | null;
            accountName: string | null;
            accountNumber: string | null;
            serviceAddress: string | null;
            startDate: string | null;
            endDate: string | null;
            usage: number | null;
            cost: number | null;
            /** @enum {string} */
            status: 'pending' | 'in_progress' | 'complete';
            notes: string | null;
            customerNotes: string | null;
            hasCredentials: boolean;
            credentialsPurgedAt: string | null;
            credentialsVerified: boolean | null;
            verificationMessage: string | null;
            retrieval: {
              /** Format: date-time */
              at: string;
              bills: number;
              /** @enum {string} */
              intervalExport: 'found' | 'not_found';
              message: string;
            } | null;
            consentAt: string | null;
            files: {
              id: number;
              connectionId: number;
              fileUrl: string;
              fileName: string;
              /** @enum {string} */
              fileType: 'pdf' | 'csv';
              fileSize: number;
              importStatus: ('pending' | 'imported' | 'failed' | 'skipped') | null;
              importError: string | null;
              statement: {
                hasText: boolean;
                layout: string;
                pages: number;
                facts: {
                  statementDate?: string;
                  periodStart?: string;
                  periodEnd?: string;
                  totalKWh?: number;
                  amountDueCents?: number;
                  dueDate?: string;
                  rateSchedule?: string;
                  accountNumber?: string;
                  accountName?: string;
                  serviceAddress?: string;
                  deliveryChargesCents?: number;
                  generationChargesCents?: number;
                  currentChargesCents?: number;
                  previousBalanceCents?: number;
                  currency?: string;
                };
                missing: string[];
                notes: string[];
              } | null;
              bills?:
                | {
                    /** Format: date */
                    periodStart: string;
                    /** Format: date */
                    periodEnd: string;
                    days: number;
                    usage: number | null;
                    unit: string | null;
                    costCents: number | null;
                    demandKw?: number;
                    rate?: string;
                    /** Format: date */
                    statementDate?: string;
                    line: number;
                  }[]
                | null;
              /** @enum {string} */
              source: 'upload' | 'bulk' | 'retrieved';
              sourcePage: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          }[];
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  getConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            providerId: number;
            provider: {
              id: number;
              name: string;
              state: string;
            };
            user: {
              id: number;
              username: string;
            };
            customerName: string;
            customerEmail: string;
            customerPhone: string | null;
            accountName: string | null;
            accountNumber: string | null;
            serviceAddress: string | null;
            startDate: string | null;
            endDate: string | null;
            usage: number | null;
            cost: number | null;
            /** @enum {string} */
            status: 'pending' | 'in_progress' | 'complete';
            notes: string | null;
            customerNotes: string | null;
            hasCredentials: boolean;
            credentialsPurgedAt: string | null;
            credentialsVerified: boolean | null;
            verificationMessage: string | null;
            retrieval: {
              /** Format: date-time */
              at: string;
              bills: number;
              /** @enum {string} */
              intervalExport: 'found' | 'not_found';
              message: string;
            } | null;
            consentAt: string | null;
            files: {
              id: number;
              connectionId: number;
              fileUrl: string;
              fileName: string;
              /** @enum {string} */
              fileType: 'pdf' | 'csv';
              fileSize: number;
              importStatus: ('pending' | 'imported' | 'failed' | 'skipped') | null;
              importError: string | null;
              statement: {
                hasText: boolean;
                layout: string;
                pages: number;
                facts: {
                  statementDate?: string;
                  periodStart?: string;
                  periodEnd?: string;
                  totalKWh?: number;
                  amountDueCents?: number;
                  dueDate?: string;
                  rateSchedule?: string;
                  accountNumber?: string;
                  accountName?: string;
                  serviceAddress?: string;
                  deliveryChargesCents?: number;
                  generationChargesCents?: number;
                  currentChargesCents?: number;
                  previousBalanceCents?: number;
                  currency?: string;
                };
                missing: string[];
                notes: string[];
              } | null;
              bills?:
                | {
                    /** Format: date */
                    periodStart: string;
                    /** Format: date */
                    periodEnd: string;
                    days: number;
                    usage: number | null;
                    unit: string | null;
                    costCents: number | null;
                    demandKw?: number;
                    rate?: string;
                    /** Format: date */
                    statementDate?: string;
                    line: number;
                  }[]
                | null;
              /** @enum {string} */
              source: 'upload' | 'bulk' | 'retrieved';
              sourcePage: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  listConnectionFiles: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            connectionId: number;
            fileUrl: string;
            fileName: string;
            /** @enum {string} */
            fileType: 'pdf' | 'csv';
            fileSize: number;
            importStatus: ('pending' | 'imported' | 'failed' | 'skipped') | null;
            importError: string | null;
            statement: {
              hasText: boolean;
              layout: string;
              pages: number;
              facts: {
                statementDate?: string;
                periodStart?: string;
                periodEnd?: string;
                totalKWh?: number;
                amountDueCents?: number;
                dueDate?: string;
                rateSchedule?: string;
                accountNumber?: string;
                accountName?: string;
                serviceAddress?: string;
                deliveryChargesCents?: number;
                generationChargesCents?: number;
                currentChargesCents?: number;
                previousBalanceCents?: number;
                currency?: string;
              };
              missing: string[];
              notes: string[];
            } | null;
            bills?:
              | {
                  /** Format: date */
                  periodStart: string;
                  /** Format: date */
                  periodEnd: string;
                  days: number;
                  usage: number | null;
                  unit: string | null;
                  costCents: number | null;
                  demandKw?: number;
                  rate?: string;
                  /** Format: date */
                  statementDate?: string;
                  line: number;
                }[]
              | null;
            /** @enum {string} */
            source: 'upload' | 'bulk' | 'retrieved';
            sourcePage: string | null;
            /** Format: date-time */
            createdAt: string;
          }[];
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  downloadFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file as it was uploaded (most often a PDF bill), once the redirect is followed (fetch follows it; curl needs -L) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
          'text/csv': string;
          'application/octet-stream': string;
        };
      };
      /** @description Redirect to a short-lived download address */
      302: {
        headers: {
          Location?: string;
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  getIntervals: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            series: {
              fileId: number;
              fileName: string;
              format: string;
              timeZone: string;
              /** Format: date-time */
              start: string;
              /** Format: date-time */
              end: string;
              slots: number;
              sourceIntervalSeconds: number;
              meter: string | null;
              meters: string[];
            } | null;
            analytics:
              | ({
                  deliveredKWh: number;
                  receivedKWh: number;
                  netKWh: number;
                  cost?: number;
                  monthly: ({
                    month: string;
                    deliveredKWh: number;
                    receivedKWh: number;
                    netKWh: number;
                    cost?: number;
                    peakKw: number;
                  } & {
                    [key: string]: unknown;
                  })[];
                  peak?: {
                    kW: number;
                    start: number;
                    local: string;
                  };
                  averageKw: number;
                  baseLoadKw: number;
                  loadFactor: number;
                  loadProfile: {
                    weekday: (number | null)[];
                    weekend: (number | null)[];
                  };
                  heatmap: (number | null)[][];
                  costPerKWh?: number;
                } & {
                  [key: string]: unknown;
                })
              | null;
            quality:
              | ({
                  coveragePct: number;
                  estimatedPct: number;
                  splitPct: number;
                  gaps: {
                    count: number;
                    longestMinutes: number;
                  } & {
                    [key: string]: unknown;
                  };
                  duplicatesRemoved: number;
                  dst: {
                    repeated: number;
                    folded: number;
                    nonexistent: number;
                  } & {
                    [key: string]: unknown;
                  };
                  reconciliation: {
                    [key: string]: unknown;
                  }[];
                  notes?: string[];
                  bills?: {
                    [key: string]: unknown;
                  }[];
                } & {
                  [key: string]: unknown;
                })
              | null;
            gas: {
              fileId: number;
              fileName: string;
              /** @enum {string} */
              unit: 'therm' | 'ccf' | 'mcf' | 'ft3' | 'm3';
              unitLabel: string;
              timeZone: string;
              /** Format: date-time */
              start: string;
              /** Format: date-time */
              end: string;
              periodSeconds: number;
              periods: {
                /** Format: date-time */
                start: string;
                /** Format: date-time */
                end: string;
                quantity: number;
                cost?: number;
                estimated?: boolean;
              }[];
              total: number;
              cost?: number;
              costPerUnit?: number;
              kWhEquivalent?: number;
              kWhPerTherm?: number;
              monthly: {
                month: string;
                quantity: number;
                cost?: number;
                days: number;
                split: boolean;
              }[];
              notes: string[];
            } | null;
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  downloadIntervalsCsv: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Interval CSV */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  downloadGasCsv: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Gas CSV */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  listTariffs: {
    parameters: {
      query?: {
        providerId?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                id: number;
                providerId: number;
                name: string;
                utility: string;
                sector: string | null;
                startDate: string | null;
                endDate: string | null;
                source: string | null;
                label: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
              }[]
            | {
                id: number;
                providerId: number;
                name: string;
                utility: string;
                sector: string | null;
                startDate: string | null;
                endDate: string | null;
              }[];
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  estimateBill: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          tariffId?: number;
          /** @description One URDB rate object (energyratestructure, schedules, fixed charges...), or the URDB rate API answer `{"items": [...]}` */
          urdb?: {
            [key: string]: unknown;
          };
          /**
           * @description "months" (the default): calendar months in the series' time zone; "statements": the billing periods of the connection's statements and billing history
           * @enum {string}
           */
          periods?: 'months' | 'statements';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tariff: {
              id: number | null;
              name: string;
              utility: string;
              dgrules: string;
            };
            /** @enum {string} */
            periods: 'months' | 'statements';
            total: number;
            totalCents: number;
            annualCents: number;
            days: number;
            months: {
              fixedCents: number;
              energyCents: number;
              exportCreditCents: number;
              demandCents: number;
              netMeteringCents: number;
              trueUpCents: number;
              minimumCents: number;
              start: string;
              end: string;
              days: number;
              partial: boolean;
              importKWh: number;
              exportKWh: number;
              peakKw: number;
              missingSlots: number;
              totalCents: number;
            }[];
            components: {
              fixedCents: number;
              energyCents: number;
              exportCreditCents: number;
              demandCents: number;
              netMeteringCents: number;
              trueUpCents: number;
              minimumCents: number;
            };
            notes: string[];
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            url: string;
            description: string | null;
            secret: string;
            events: (
              | 'connection.created'
              | 'connection.status_changed'
              | 'connection.file_added'
              | 'connection.credentials_checked'
              | 'report.ready'
            )[];
            isActive: boolean;
            failedDeliveries: number;
            lastDelivery: {
              status: string;
              /** Format: date-time */
              at: string;
              responseStatus: number | null;
            } | null;
            /** Format: date-time */
            createdAt: string;
          }[];
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url: string;
          description?: string | null;
          events: ('connection.created' | 'connection.credentials_checked' | 'report.ready')[];
          isActive?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            url: string;
            description: string | null;
            secret: string;
            events: (
              | 'connection.created'
              | 'connection.status_changed'
              | 'connection.file_added'
              | 'connection.credentials_checked'
              | 'report.ready'
            )[];
            isActive: boolean;
            failedDeliveries: number;
            lastDelivery: {
              status: string;
              /** Format: date-time */
              at: string;
              responseStatus: number | null;
            } | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url: string;
          description?: string | null;
          events: ('connection.created' | 'connection.credentials_checked' | 'report.ready')[];
          isActive?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            url: string;
            description: string | null;
            secret: string;
            events: (
              | 'connection.created'
              | 'connection.status_changed'
              | 'connection.file_added'
              | 'connection.credentials_checked'
              | 'report.ready'
            )[];
            isActive: boolean;
            failedDeliveries: number;
            lastDelivery: {
              status: string;
              /** Format: date-time */
              at: string;
              responseStatus: number | null;
            } | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      202: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            event: string;
            /** @enum {string} */
            status: 'pending' | 'succeeded' | 'failed';
            attempts: number;
            responseStatus: number | null;
            lastError: string | null;
            /** Format: date-time */
            createdAt: string;
            deliveredAt: string | null;
          }[];
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  requestReport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @default utility_report
           * @enum {string}
           */
          reportType?: 'utility_report';
          connectionId: number;
          description?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            reportType: string;
            description: string | null;
            connectionId: number | null;
            cost: number;
            costCents: number;
            /** @enum {string} */
            status:
              | 'requested'
              | 'pending'
              | 'billed'
              | 'invoiced'
              | 'requires_action'
              | 'failed'
              | 'refunded';
            /** @enum {string} */
            plan: 'basic' | 'premium';
            statusMessage: string | null;
            testMode: boolean;
            /** Format: date-time */
            createdAt: string;
            paymentIntentClientSecret: string | null;
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  listUsage: {
    parameters: {
      query?: {
        /** @description The `nextCursor` of the previous page */
        cursor?: string;
        /** @description Items per page, 1 to 100 */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            usage: {
              id: number;
              reportType: string;
              description: string | null;
              connectionId: number | null;
              cost: number;
              costCents: number;
              /** @enum {string} */
              status:
                | 'requested'
                | 'pending'
                | 'billed'
                | 'invoiced'
                | 'requires_action'
                | 'failed'
                | 'refunded';
              /** @enum {string} */
              plan: 'basic' | 'premium';
              statusMessage: string | null;
              testMode: boolean;
              /** Format: date-time */
              createdAt: string;
            }[];
            totalCost: number;
            totalCostCents: number;
            /** @description Pass as `cursor` for the next page; null on the last page */
            nextCursor: string | null;
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  getBilling: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            plan: 'free' | 'basic' | 'premium';
            testMode: boolean;
            publishableKey: string | null;
            paymentMethod: {
              brand: string;
              last4: string;
              expires: string | null;
            } | null;
            subscription: {
              status: string;
              cancelAtPeriodEnd: boolean;
              currentPeriodEnd: string | null;
              nextInvoiceCents: number | null;
              nextInvoiceDate: string | null;
            } | null;
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  listReports: {
    parameters: {
      query?: {
        /** @description The `nextCursor` of the previous page */
        cursor?: string;
        /** @description Items per page, 1 to 100 */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            reports: {
              id: number;
              connectionId: number;
              version: number;
              /** @enum {string} */
              status: 'queued' | 'building' | 'ready' | 'failed';
              /** @enum {string} */
              trigger: 'paid' | 'admin' | 'files_changed';
              error: string | null;
              summary: {
                periodStart: string | null;
                periodEnd: string | null;
                usageKwh: number | null;
                costDollars: number | null;
                /** @enum {string} */
                figuresFrom: 'intervals' | 'bills' | 'connection' | 'none';
                peakKw: number | null;
                peakAt: string | null;
                loadFactor: number | null;
                coveragePct: number | null;
                statements: number;
                intervalFiles: number;
                missing: string[];
              } | null;
              files: {
                name: string;
                size: number;
                sha256: string;
              }[];
              /** Format: date-time */
              createdAt: string;
              builtAt: string | null;
              emailedAt: string | null;
              downloads: {
                html: string;
                pdf: string;
                zip: string;
              } | null;
              previewUrl: string | null;
            }[];
            /** @description Pass as `cursor` for the next page; null on the last page */
            nextCursor: string | null;
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  listConnectionReports: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            reports: {
              id: number;
              connectionId: number;
              version: number;
              /** @enum {string} */
              status: 'queued' | 'building' | 'ready' | 'failed';
              /** @enum {string} */
              trigger: 'paid' | 'admin' | 'files_changed';
              error: string | null;
              summary: {
                periodStart: string | null;
                periodEnd: string | null;
                usageKwh: number | null;
                costDollars: number | null;
                /** @enum {string} */
                figuresFrom: 'intervals' | 'bills' | 'connection' | 'none';
                peakKw: number | null;
                peakAt: string | null;
                loadFactor: number | null;
                coveragePct: number | null;
                statements: number;
                intervalFiles: number;
                missing: string[];
              } | null;
              files: {
                name: string;
                size: number;
                sha256: string;
              }[];
              /** Format: date-time */
              createdAt: string;
              builtAt: string | null;
              emailedAt: string | null;
              downloads: {
                html: string;
                pdf: string;
                zip: string;
              } | null;
              previewUrl: string | null;
            }[];
          };
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  previewReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Report HTML */
      200: {
        headers: {
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
  downloadReport: {
    parameters: {
      query?: {
        token?: string;
      };
      header?: never;
      path: {
        id: number;
        format: 'html' | 'pdf' | 'zip';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report in the format asked for, once the redirect is followed (fetch follows it; curl needs -L) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
          'application/zip': string;
          'text/html': string;
        };
      };
      /** @description Redirect to a short-lived download address */
      302: {
        headers: {
          Location?: string;
          /** @description Requests allowed per minute per key */
          'RateLimit-Limit'?: number;
          /** @description Requests left in this minute */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until the minute restarts */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input: the message names the problem */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Unknown or revoked key, or a deactivated account */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The account is not on the Monthly Subscription plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Not found, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Too many requests with this key; see Retry-After */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
    };
  };
}
