/**
 * Writes each app's Deployment, Services, autoscaler and disruption budget under
 * deploy/k8s/base from their one template (tools/deploy/deployments.ts). `--check` fails if a
 * file would change.
 */
import { deploymentFiles } from '../tools/deploy/deployments';
import { writeGenerated } from './generated-files';

writeGenerated(deploymentFiles(), 'deployments');
