"""A student's server: nbgrader's teacher tools (formgrader, course list) stay off."""

c = get_config()  # noqa: F821 - given by Jupyter when it loads this file

c.ServerApp.jpserver_extensions = {
    "nbgrader.server_extensions.formgrader": False,
    "nbgrader.server_extensions.course_list": False,
}
