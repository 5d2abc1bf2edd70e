/**
 * The manifest of the running experiments (src/lib/experiments/wire.ts), which the Worker reads through its assets
 * binding to know the pages it serves itself and their variants. A request from outside gets 404 (worker/experiments/).
 */
import type { APIRoute } from 'astro';
import { experimentManifest } from '../../data/experiments';

export const GET: APIRoute = async () => Response.json(await experimentManifest());
