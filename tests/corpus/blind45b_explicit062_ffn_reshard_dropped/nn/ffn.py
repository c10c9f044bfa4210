import jax


def ffn(params, x):
    h = jax.nn.gelu(x @ params["w_in"])       # f32[B@data, F@model]
    return h @ params["w_out"]
