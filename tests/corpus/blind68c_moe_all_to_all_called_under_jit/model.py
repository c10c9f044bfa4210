import jax
import jax.numpy as jnp

import moe


def init(key, vocab, d_model, d_ff, num_experts):
  k1, k2, k3 = jax.random.split(key, 3)
  return {
      "embed": jax.random.normal(k1, (vocab, d_model)) * 0.02,
      "mlp_in": jax.random.normal(k2, (d_model, d_model)) * 0.02,
      "moe": moe.init_moe(k3, num_experts, d_model, d_ff),
  }


def forward(params, tokens, mesh):
  x = params["embed"][tokens]
  x = x + jax.nn.gelu(x @ params["mlp_in"])
  x = x + moe.moe_layer(params["moe"], x)
  return x @ params["embed"].T
