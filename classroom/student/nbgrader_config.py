"""nbgrader in a student's server: which course, where the exchange is, and a
submission that only the teacher can read."""

import os
from pathlib import Path

from nbgrader.exchange.default.submit import ExchangeSubmit

c = get_config()  # noqa: F821 - given by nbgrader when it loads this file

c.CourseDirectory.course_id = "minigrad"
c.Exchange.root = str(Path(os.environ.get("CLASSROOM_RUN", "/srv/classroom")) / "exchange")
# Submissions carry the hub's user name (on the trying hub every server runs as the
# same system user, whose name nbgrader would take otherwise).
if os.environ.get("JUPYTERHUB_USER"):
    c.CourseDirectory.student_id = os.environ["JUPYTERHUB_USER"]


class PrivateSubmit(ExchangeSubmit):
    """nbgrader's submit, then the submission closed to other students.

    nbgrader leaves a submission readable by everyone (files 0644 in a 0777 folder)
    and hides it behind a random name in an inbound folder nobody can list. Here its
    folders are closed to other users (0770). Made inside the inbound folder, they
    belong to its group, the teacher's, which can still open them and collect.
    """

    def copy_files(self) -> None:
        super().copy_files()
        dest = os.path.join(self.inbound_path, self.assignment_filename)
        for folder, _dirs, _files in os.walk(dest):
            os.chmod(folder, 0o770)


c.ExchangeFactory.submit = PrivateSubmit
