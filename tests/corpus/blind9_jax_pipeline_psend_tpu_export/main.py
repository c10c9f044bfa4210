import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import stages

N = 4
mesh = Mesh(np.array(jax.devices()), ('stage',))


def pipeline_forward(params, microbatches):
  def per_stage(params, mbs):
    idx = jax.lax.axis_index('stage')
    act = jnp.zeros_like(mbs[0])
    outs = []
    for t in range(mbs.shape[0] + N - 1):
      x = jnp.where(idx == 0, mbs[min(t, mbs.shape[0] - 1)], act)
      y = stages.stage_forward(params, x)
      act = stages.send_right(y, 'stage', N)
      if t >= N - 1:
        outs.append(y)
    return jnp.stack(outs)[None]

  return jax.shard_map(per_stage, mesh=mesh, in_specs=(P('stage'), P()),
                       out_specs=P('stage'), check_vma=False)(params, microbatches)


if __name__ == '__main__':
  d = 128
  pspec = NamedSharding(mesh, P('stage'))
  params = {'w1': jax.ShapeDtypeStruct((N, d, 4 * d), jnp.bfloat16, sharding=pspec),
            'w2': jax.ShapeDtypeStruct((N, 4 * d, d), jnp.bfloat16, sharding=pspec)}
  mbs = jax.ShapeDtypeStruct((4, 16, d), jnp.bfloat16)
  exp = jax.export.export(jax.jit(pipeline_forward), platforms=['tpu'])(params, mbs)
  print(exp.mlir_module()[:200])
