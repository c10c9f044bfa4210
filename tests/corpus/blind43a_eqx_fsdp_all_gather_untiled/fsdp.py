import equinox as eqx
import jax
from jax import lax

FSDP = 'fsdp'


def gather_params(shards):
  return jax.tree.map(lambda p: lax.all_gather(p, FSDP, axis=0), shards)


def make_forward(static):
  @eqx.filter_checkpoint
  def forward(shards, x):
    model = eqx.combine(gather_params(shards), static)
    return jax.vmap(model)(x)
  return forward
