import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

AXES = ('data', 'model')
mesh = jax.make_mesh((2, 2), AXES, axis_types=(AxisType.Explicit, AxisType.Explicit))


def masked_loss(logits, labels, mask):
  # logits: [batch/data, vocab/model]; labels and mask: [batch/data]
  m = jax.lax.pmax(jnp.max(logits, -1), 'model')
  z = jnp.exp(logits - m[:, None]).sum(-1)
  lse = m + jnp.log(jax.lax.psum(z, 'model'))
  vocab0 = jax.lax.axis_index('model') * logits.shape[-1]
  local = labels - vocab0
  hit = (local >= 0) & (local < logits.shape[-1])
  picked = jnp.take_along_axis(logits, jnp.clip(local, 0, logits.shape[-1] - 1)[:, None], -1)[:, 0]
  picked = jax.lax.psum(jnp.where(hit, picked, 0.0), 'model')
  nll = (lse - picked) * mask
  total = jax.lax.psum(nll.sum(), 'data')
  count = jax.lax.psum(mask.sum(), AXES)
  return total / count


def main():
  with jax.set_mesh(mesh):
    logits = jax.device_put(jnp.zeros((8, 32)), P('data', 'model'))
    labels = jax.device_put(jnp.zeros((8,), jnp.int32), P('data'))
    mask = jax.device_put(jnp.ones((8,)), P('data'))
    f = jax.jit(jax.shard_map(masked_loss, in_specs=(P('data', 'model'), P('data'), P('data')),
                              out_specs=P()))
    f.trace(logits, labels, mask).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
