"""One pipeline stage: a residual MLP block. Parameters carry a leading stage axis."""
import jax
import jax.numpy as jnp


def init_stage_params(key, num_stages, d_model):
    k1, k2 = jax.random.split(key)
    scale = d_model ** -0.5
    return {
        "w_in": jax.random.normal(k1, (num_stages, d_model, 4 * d_model)) * scale,
        "w_out": jax.random.normal(k2, (num_stages, 4 * d_model, d_model)) * scale,
        "ln_scale": jnp.ones((num_stages, d_model)),
    }


def stage_apply(params, x):
    h = x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6) * params["ln_scale"]
    h = jax.nn.gelu(h @ params["w_in"]) @ params["w_out"]
    return x + h
