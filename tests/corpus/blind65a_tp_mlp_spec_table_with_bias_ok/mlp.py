import jax
import jax.numpy as jnp
from jax.lax import psum as allreduce

from mesh_def import MODEL


def init_mlp(key, d_model=128, d_ff=512):
  k1, k2 = jax.random.split(key)
  return {
      "w_in": jax.random.normal(k1, (d_model, d_ff)) * d_model ** -0.5,
      "b_in": jnp.zeros((d_ff,)),
      "w_out": jax.random.normal(k2, (d_ff, d_model)) * d_ff ** -0.5,
      "b_out": jnp.zeros((d_model,)),
  }


def mlp_block(params, x):
  h = jax.nn.gelu(x @ params["w_in"] + params["b_in"])
  partial_out = h @ params["w_out"]
  return allreduce(partial_out, MODEL) + params["b_out"]
