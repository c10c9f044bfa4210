import serve  # noqa: F401  (exports on import)

print(serve.exported.fun_name, serve.exported.platforms)
