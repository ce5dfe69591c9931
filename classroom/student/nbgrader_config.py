"""nbgrader in a student's server: which course, and where the exchange is."""

import os
from pathlib import Path

c = get_config()  # noqa: F821 - given by nbgrader when it loads this file

c.CourseDirectory.course_id = "minigrad"
c.Exchange.root = str(Path(os.environ.get("CLASSROOM_RUN", "/srv/classroom")) / "exchange")
