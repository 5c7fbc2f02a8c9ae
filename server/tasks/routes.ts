import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { BackgroundTask } from '#common/tasks/background-tasks.ts';
import { requireOwner } from '../http/roles.ts';
import type { TaskRunner } from './runner.ts';

/**
 * GET /api/background-tasks, owners only: each background task with its schedule, its last run,
 * when it is next due and whether a process runs it now, as the database records them for every
 * process.
 */
export function backgroundTasksRouter(tasks: TaskRunner, requireUser: RequestHandler): Router {
  const router = Router();
  router.get('/background-tasks', requireUser, requireOwner, listTasks(tasks));
  return router;
}

/** GET /background-tasks: each task, its schedule, its last run and when it is next due. */
function listTasks(tasks: TaskRunner) {
  return async (_req: Request, res: Response) => {
    res.json((await tasks.status()) satisfies BackgroundTask[]);
  };
}
