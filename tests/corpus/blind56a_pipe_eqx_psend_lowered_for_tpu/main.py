import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from stages import make_stages, pass_forward

N_STAGES, DIM, SEQ = 4, 256, 128


def main():
  mesh = jax.make_mesh((N_STAGES,), ("pp",), axis_types=(AxisType.Auto,))
  stacked = make_stages(N_STAGES, DIM, jax.random.key(0))
  params, static = eqx.partition(stacked, eqx.is_array)

  def per_stage(params, x):
    block = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    for _ in range(N_STAGES - 1):
      x = pass_forward(block(x), "pp", N_STAGES)
    return block(x)[None]

  fwd = jax.jit(jax.shard_map(per_stage, mesh=mesh, in_specs=(P("pp"), P()),
                              out_specs=P("pp")))
  x = jax.ShapeDtypeStruct((SEQ, DIM), jnp.float32)
  fwd.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
