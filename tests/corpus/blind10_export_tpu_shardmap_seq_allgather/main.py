import jax
import jax.numpy as jnp
import numpy as np
from jax import export, lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('seq',))


def seq_parallel_ffn(x, w1, w2):
  """Megatron sequence parallel: gather the sequence, tensor-parallel FFN, reduce-scatter back."""
  full = lax.all_gather(x, 'seq', axis=0, tiled=True)
  h = jax.nn.gelu(full @ w1)
  return lax.psum_scatter(h @ w2, 'seq', scatter_dimension=0, tiled=True)


def main():
  f = jax.jit(jax.shard_map(seq_parallel_ffn, mesh=mesh,
                            in_specs=(P('seq'), P(None, 'seq'), P('seq', None)),
                            out_specs=P('seq')))
  args = (
      jax.ShapeDtypeStruct((128, 64), jnp.bfloat16, sharding=NamedSharding(mesh, P('seq'))),
      jax.ShapeDtypeStruct((64, 256), jnp.bfloat16, sharding=NamedSharding(mesh, P(None, 'seq'))),
      jax.ShapeDtypeStruct((256, 64), jnp.bfloat16, sharding=NamedSharding(mesh, P('seq', None))),
  )
  exp = export.export(f, platforms=['tpu'])(*args)
  print(exp.nr_devices, exp.in_shardings_hlo)


if __name__ == '__main__':
  main()
