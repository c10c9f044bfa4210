"""Flax Linen attention LM; mesh shape from a config dict with a -1 wildcard."""
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh

CONFIG = {
    "mesh_shape": (1, -1),          # (data, model): all devices on tensor parallelism
    "mesh_axes": ("data", "model"),
    "num_heads": 6,
    "head_dim": 32,
    "vocab": 512,
    "logical_axis_rules": [
        ("batch", "data"),
        ("heads", "model"),
        ("vocab", "model"),
        ("embed", None),
        ("kv", None),
    ],
}

kinit = nn.initializers.lecun_normal()


class SelfAttention(nn.Module):
  num_heads: int
  head_dim: int

  @nn.compact
  def __call__(self, x):
    dense = functools.partial(
        nn.DenseGeneral, features=(self.num_heads, self.head_dim), use_bias=False,
        kernel_init=nn.with_logical_partitioning(kinit, ("embed", "heads", "kv")))
    q, k, v = dense(name="q")(x), dense(name="k")(x), dense(name="v")(x)
    w = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(self.head_dim)
    o = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(w, -1), v)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), use_bias=False,
                           kernel_init=nn.with_logical_partitioning(kinit, ("heads", "kv", "embed")),
                           name="out")(o)


class TinyLM(nn.Module):
  cfg: dict

  @nn.compact
  def __call__(self, tokens):
    d = self.cfg["num_heads"] * self.cfg["head_dim"]
    x = nn.Embed(self.cfg["vocab"], d,
                 embedding_init=nn.with_logical_partitioning(nn.initializers.normal(1.0),
                                                             ("vocab", "embed")))(tokens)
    x = x + SelfAttention(self.cfg["num_heads"], self.cfg["head_dim"])(x)
    return nn.Dense(self.cfg["vocab"], use_bias=False)(x)


def make_mesh(cfg):
  shape = list(cfg["mesh_shape"])
  n = len(jax.devices())
  shape[shape.index(-1)] = n // int(np.prod([s for s in shape if s != -1]))
  return Mesh(np.array(jax.devices()).reshape(shape), cfg["mesh_axes"])


def init_state(rng, tokens, model, tx):
  params = model.init(rng, tokens)["params"]
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


if __name__ == "__main__":
  mesh = make_mesh(CONFIG)
  model = TinyLM(CONFIG)
  tx = optax.adamw(1e-3)
  tokens = jnp.zeros((4, 64), jnp.int32)
  init_fn = functools.partial(init_state, model=model, tx=tx)
  abstract_state = jax.eval_shape(init_fn, jax.random.key(0), tokens)
  specs = nn.get_partition_spec(abstract_state)
  shardings = nn.logical_to_mesh_sharding(specs, mesh, CONFIG["logical_axis_rules"])
  jit_init = jax.jit(init_fn, out_shardings=shardings)
  jit_init.trace(jax.random.key(0), tokens).lower(lowering_platforms=("cuda",))
