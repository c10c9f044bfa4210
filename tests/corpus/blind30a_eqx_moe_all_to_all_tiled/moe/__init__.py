from .layer import MoE, dispatch, combine
