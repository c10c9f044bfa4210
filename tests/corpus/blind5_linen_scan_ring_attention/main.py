import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ring_attention import Transformer

mesh = Mesh(np.array(jax.devices()), ('sp',))
model = Transformer(num_layers=2, ring_size=mesh.shape['sp'])
x = jnp.ones((2, 4 * 16, 16))

init = jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P(None, 'sp')), out_specs=P(),
                     check_vma=False)
params = jax.jit(init).eval_shape(jax.random.key(0), x)


def loss(params, x):
  y = model.apply(params, x)
  return jax.lax.psum(jnp.sum(y ** 2), 'sp')


grad_step = jax.jit(jax.shard_map(jax.value_and_grad(loss), mesh=mesh,
                                  in_specs=(P(), P(None, 'sp')), out_specs=(P(), P()),
                                  check_vma=False))
grad_step.trace(params, x).lower(lowering_platforms=("cuda",))
