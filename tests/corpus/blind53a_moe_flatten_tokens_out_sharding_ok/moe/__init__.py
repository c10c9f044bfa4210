from .router import route_tokens
