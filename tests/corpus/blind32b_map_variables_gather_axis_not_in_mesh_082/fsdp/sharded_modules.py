"""Linen helpers that keep parameters sharded and gather them where they are used."""
import jax
import flax.linen as nn

FSDP_AXIS = 'fsdp'


def _all_gather(tree):
  return jax.tree.map(lambda p: jax.lax.all_gather(p, FSDP_AXIS, axis=0, tiled=True), tree)


def fully_sharded(module_cls):
  return nn.map_variables(module_cls, 'params', trans_in_fn=_all_gather, init=False)


@fully_sharded
class ShardedDense(nn.Dense):
  pass
