import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init_params(key, vocab, d_model, d_ff):
  k_emb, k_up, k_down = jax.random.split(key, 3)
  return {
      "embed": jax.random.normal(k_emb, (vocab, d_model), out_sharding=P("model", None)) * 0.02,
      "up": jax.random.normal(k_up, (d_model, d_ff), out_sharding=P(None, "model")) * d_model ** -0.5,
      "up_b": jnp.zeros((d_ff,), out_sharding=P("model")),
      "down": jax.random.normal(k_down, (d_ff, d_model), out_sharding=P("model", None)) * d_ff ** -0.5,
  }


def apply(params, tokens):
  x = params["embed"].at[tokens].get(out_sharding=P("data", None, None))
  h = jax.nn.relu(jnp.einsum("bsd,df->bsf", x, params["up"]) + params["up_b"])
  x = x + jnp.einsum("bsf,fd->bsd", h, params["down"], out_sharding=P("data", None, None))
  return jnp.einsum("bsd,vd->bsv", x, params["embed"], out_sharding=P("data", None, None))
