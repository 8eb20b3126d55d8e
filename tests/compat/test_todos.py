"""A todo list in the shape of Supabase's todo-list example, unchanged SQL on a fresh gateway, through supabase-js:
per-user RLS, the task's check constraint, anonymous callers refused."""

APP = "todos"


def test_nothing_of_the_product_is_in_public(app_gateway):
    tables = app_gateway.query("select tablename from pg_tables where schemaname = 'public' order by 1")
    assert tables == [("todos",)]


def test_a_user_manages_their_todos(app_gateway):
    app_gateway.node("todos.test.mjs", "adds, lists, completes and deletes")


def test_a_short_task_is_a_check_violation(app_gateway):
    app_gateway.node("todos.test.mjs", "check constraint")


def test_other_users_todos_are_invisible(app_gateway):
    app_gateway.node("todos.test.mjs", "invisible and untouchable")


def test_anonymous_access_is_refused(app_gateway):
    app_gateway.node("todos.test.mjs", "anonymous callers")
