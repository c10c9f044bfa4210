import jax
import jax.numpy as jnp

# logical axis names for each parameter
PARAM_AXES = {
    "embed": ("vocab", "embed"),
    "w_qkv": ("embed", "heads"),
    "w_o": ("heads", "embed"),
    "w_up": ("embed", "mlp"),
    "w_down": ("mlp", "embed"),
}


def init(key, cfg):
  ks = jax.random.split(key, 5)
  d, f, v = cfg["d_model"], cfg["d_ff"], cfg["vocab"]
  shapes = {"embed": (v, d), "w_qkv": (d, 3 * d), "w_o": (d, d), "w_up": (d, f), "w_down": (f, d)}
  return {k: jax.random.normal(kk, s) * 0.02 for kk, (k, s) in zip(ks, shapes.items())}


def forward(params, tokens):
  x = params["embed"][tokens]
  q, k, v = jnp.split(x @ params["w_qkv"], 3, axis=-1)
  att = jax.nn.softmax(q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(q.shape[-1]), axis=-1)
  x = x + (att @ v) @ params["w_o"]
  x = x + jax.nn.gelu(x @ params["w_up"]) @ params["w_down"]
  return x @ params["embed"].T
