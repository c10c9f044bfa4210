"""Context-parallel LM loss + gradient, written with the functional NNX API and plain JAX
transforms (jax.jit, jax.value_and_grad, jax.shard_map)."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from cpmodel.config import CPConfig
from cpmodel.model import CPTransformer

cfg = CPConfig()
mesh = Mesh(jax.devices(), axis_names=(cfg.context_axis,))

graphdef, params, rest = nnx.split(CPTransformer(cfg, rngs=nnx.Rngs(0)), nnx.Param, ...)


def local_loss(params, rest, tokens, targets):
  model = nnx.merge(graphdef, params, rest)
  logits = model(tokens)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()
  return jax.lax.pmean(loss, cfg.context_axis)


sharded_loss = jax.shard_map(
    local_loss, mesh=mesh,
    in_specs=(P(), P(), P(None, cfg.context_axis), P(None, cfg.context_axis)),
    out_specs=P())


@jax.jit
def grad_step(params, rest, tokens, targets):
  loss, grads = jax.value_and_grad(sharded_loss)(params, rest, tokens, targets)
  params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)
  return loss, params


tokens = jnp.zeros((2, 64), jnp.int32)
grad_step.trace(params, rest, tokens, tokens).lower(lowering_platforms=('cuda',))
