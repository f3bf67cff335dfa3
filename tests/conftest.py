pytest_plugins = ["tests.fakediscord.pytest_plugin"]
