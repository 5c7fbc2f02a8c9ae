import type { TaskRunner } from './runner.ts';

/**
 * Work handed by this process to one of its tasks run on request (an uploaded price file to
 * import, a backup for `npm run db:backup`): the request waits here, the runner is asked for the
 * task, and its run handles every request waiting. Nothing is started beside the runner, so the
 * task's lock, record and log line cover the work.
 */
export type TaskRequests<Request, Answer> = {
  /** Hands the task `request`; resolves with its answer, or rejects with its failure. */
  ask(tasks: Pick<TaskRunner, 'runSoon'>, request: Request): Promise<Answer>;
  /** Hands the task `request`, nobody waiting: a failure is the run's, logged and recorded. */
  send(tasks: Pick<TaskRunner, 'runSoon'>, request: Request): void;
  /**
   * In the task's run: handles each request waiting, and those that come meanwhile, one after
   * another. Answers what each answered; throws the first failure once all are handled.
   */
  answerAll(handle: (request: Request) => Promise<Answer>): Promise<Answer[]>;
};

export function createTaskRequests<Request, Answer>(task: string): TaskRequests<Request, Answer> {
  type Waiting = { request: Request; resolve(answer: Answer): void; reject(error: unknown): void };
  let waiting: Waiting[] = [];
  const ask = (tasks: Pick<TaskRunner, 'runSoon'>, request: Request) =>
    new Promise<Answer>((resolve, reject) => {
      waiting.push({ request, resolve, reject });
      tasks.runSoon(task);
    });
  return {
    ask,
    send: (tasks, request) => {
      ask(tasks, request).catch(() => undefined);
    },
    async answerAll(handle) {
      const answers: Answer[] = [];
      const failures: unknown[] = [];
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        for (const { request, resolve, reject } of batch) {
          try {
            const answer = await handle(request);
            answers.push(answer);
            resolve(answer);
          } catch (error) {
            failures.push(error);
            reject(error);
          }
        }
      }
      if (failures.length > 0) throw failures[0];
      return answers;
    },
  };
}
