import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import RingSelfAttention

SEQ_AXIS = 'sp'


def sequence_parallel(mesh, in_specs, out_specs):
  """Decorator: run the wrapped function per sequence shard."""
  def wrap(fn):
    return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs))
  return wrap


def main():
  mesh = jax.make_mesh((4,), (SEQ_AXIS,), axis_types=(jax.sharding.AxisType.Explicit,))
  attn = RingSelfAttention(num_heads=2, head_dim=8, seq_axis=SEQ_AXIS, seq_shards=mesh.shape[SEQ_AXIS])
  x = jax.ShapeDtypeStruct((1, 16, 16), jnp.float32, sharding=NamedSharding(mesh, P(None, SEQ_AXIS)))

  # init traces the ring too, so it runs per shard as well; the params come out replicated.
  @sequence_parallel(mesh, in_specs=P(None, SEQ_AXIS), out_specs=P())
  def init(x):
    return attn.init(jax.random.key(0), x)

  @sequence_parallel(mesh, in_specs=(P(), P(None, SEQ_AXIS)), out_specs=P(None, SEQ_AXIS))
  def forward(params, x):
    return attn.apply(params, x)

  params = jax.eval_shape(init, x)
  forward.trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
