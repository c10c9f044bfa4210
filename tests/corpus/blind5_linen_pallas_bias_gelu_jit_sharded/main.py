import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels import bias_gelu


class FusedMLP(nn.Module):
  hidden: int
  out: int

  @nn.compact
  def __call__(self, x):
    init = nn.initializers.lecun_normal()
    w1 = self.param('w1', nn.with_partitioning(init, (None, 'model')), (x.shape[-1], self.hidden))
    b1 = self.param('b1', nn.with_partitioning(nn.initializers.zeros_init(), ('model',)), (self.hidden,))
    h = bias_gelu(x @ w1, b1)
    return nn.Dense(self.out, kernel_init=nn.with_partitioning(init, ('model', None)))(h)


mesh = Mesh(np.asarray(jax.devices()).reshape(2, 2), ('data', 'model'))
model = FusedMLP(hidden=256, out=128)
x = jnp.ones((16, 128), jnp.float32)

abstract = jax.eval_shape(model.init, jax.random.key(0), x)
param_sharding = nn.get_sharding(abstract, mesh)
x_sharding = NamedSharding(mesh, P('data', None))

# abstract params only: the kernel cannot run on this host, it is lowered for the TPU pod
params = nn.unbox(abstract)

forward = jax.jit(model.apply, in_shardings=(param_sharding, x_sharding),
                  out_shardings=x_sharding)
forward.trace(params, x).lower(lowering_platforms=("tpu",))
