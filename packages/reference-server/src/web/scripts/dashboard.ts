import { startDashboardActions } from './dashboard-actions'
import { startDashboardAutopilot } from './dashboard-autopilot'
import { startDashboardLive } from './dashboard-live'

// The dashboard's one script (one hash in the pages' content security policy): the live
// sections, then the actions card and the autopilot's controls.
startDashboardLive()
startDashboardAutopilot(startDashboardActions())
