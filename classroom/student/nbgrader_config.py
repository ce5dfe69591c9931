"""nbgrader in a student's server: which course, and where the exchange is."""

import os
from pathlib import Path

c = get_config()  # noqa: F821 - given by nbgrader when it loads this file

c.CourseDirectory.course_id = "minigrad"
c.Exchange.root = str(Path(os.environ.get("CLASSROOM_RUN", "/srv/classroom")) / "exchange")
# Submissions carry the hub's user name (on the trying hub every server runs as the
# same system user, whose name nbgrader would take otherwise).
if os.environ.get("JUPYTERHUB_USER"):
    c.CourseDirectory.student_id = os.environ["JUPYTERHUB_USER"]
