import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

PARAM_SPECS = {"w1": P(None, "tp"), "b1": P("tp"), "w2": P("tp", None), "b2": P()}


def init_mlp(key, d_model, d_ff):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (d_model, d_ff)) / jnp.sqrt(d_model),
        "b1": jnp.zeros((d_ff,)),
        "w2": jax.random.normal(k2, (d_ff, d_model)) / jnp.sqrt(d_ff),
        "b2": jnp.zeros((d_model,)),
    }


def mlp_apply(params, x):
    h = jax.nn.relu(jnp.dot(x, params["w1"]) + params["b1"])
    return jnp.dot(h, params["w2"]) + params["b2"]
