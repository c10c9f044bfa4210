"""The tensor-parallel Gemma-style decoder served with nnx.jit alone: the parameters are placed
by their `sharding` metadata under jax.set_mesh, and the step relies on GSPMD (no shard_map)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from gemma import Transformer, TransformerConfig

mesh = Mesh(jax.devices(), ('model',))
config = TransformerConfig()
with jax.set_mesh(mesh):
  model = Transformer(config, rngs=nnx.Rngs(0))


@nnx.jit
def logits_fn(model, tokens):
  return model(tokens)


tokens = jax.device_put(jnp.zeros((2, 8), dtype=jnp.int32), NamedSharding(mesh, P()))
with jax.set_mesh(mesh):
  logits_fn.trace(model, tokens).lower(lowering_platforms=("cuda",))
