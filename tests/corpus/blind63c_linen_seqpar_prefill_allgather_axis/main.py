import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from seqpar.attention import ContextParallelAttention

B, L, D, H = 4, 1024, 256, 8


def main():
  devices = np.array(jax.devices()).reshape(2, 2)
  mesh = Mesh(devices, ('data', 'model'))   # batch over 'data', sequence chunks over 'model'
  attn = ContextParallelAttention(num_heads=H, head_dim=D // H)
  variables = attn.init(jax.random.key(0), jnp.zeros((1, 8, D)))

  def prefill_shard(variables, x):
    return attn.apply(variables, x, method='prefill')

  prefill = jax.jit(jax.shard_map(prefill_shard, mesh=mesh,
                                  in_specs=(P(), P('data', 'model', None)),
                                  out_specs=P('data', 'model', None)))
  x = jax.ShapeDtypeStruct((B, L, D), jnp.bfloat16)
  prefill.trace(variables, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
