"""Tensor-parallel Gemma-style decoder: the parameters' specs come from their `sharding`
metadata (nnx.get_partition_spec), the forward pass runs under nnx.shard_map inside nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from gemma import Transformer, TransformerConfig

mesh = Mesh(jax.devices(), ('model',))
config = TransformerConfig()
with jax.set_mesh(mesh):
  model = Transformer(config, rngs=nnx.Rngs(0))
param_specs = nnx.get_partition_spec(nnx.state(model))


@nnx.jit
def logits_fn(model, tokens):
  sharded = nnx.shard_map(lambda m, t: m(t), mesh=mesh,
                          in_specs=(nnx.StateSharding(param_specs), P()), out_specs=P())
  return sharded(model, tokens)


tokens = jnp.zeros((2, 8), dtype=jnp.int32)
logits_fn.trace(model, tokens).lower(lowering_platforms=("cuda",))
