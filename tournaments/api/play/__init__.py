"""The play resource: a seat's view and legal actions, the event log, acting, the version."""
