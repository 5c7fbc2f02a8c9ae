export declare const calendarMoments: { instant: string; what: string; database: boolean }[];
