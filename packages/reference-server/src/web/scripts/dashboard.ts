import { startDashboardActions } from './dashboard-actions'
import { startDashboardLive } from './dashboard-live'

// The dashboard's one script (one hash in the pages' content security policy): the live
// sections, then the actions card.
startDashboardLive()
startDashboardActions()
