/**
 * Every experiment of the content folder, whatever its status (src/lib/experiments/wire.ts DEFINITIONS_PATH), which
 * the Worker reads for the owner's page. A request from outside gets 404 (worker/experiments/).
 */
import type { APIRoute } from 'astro';
import { experimentDefinitions } from '../../data/experiments';

export const GET: APIRoute = async () => Response.json(await experimentDefinitions());
