import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from easy.attention import TPAttention

mesh = Mesh(np.array(jax.devices()), ('tp',))

specs = nnx.StateSharding({
    (lambda path, v: 'qkv' in path): P(None, None, 'tp'),
    (lambda path, v: 'out' in path): P('tp'),
    ...: P(),
})


@nnx.jit
def train_step(model, optimizer, x):
  @nnx.shard_map(mesh=mesh, in_specs=(specs, specs, P()), out_specs=P(),
                 check_rep=False)
  def step(model, optimizer, x):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    optimizer.update(model, grads)
    return loss
  return step(model, optimizer, x)


model = TPAttention(64, 8, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-4), wrt=nnx.Param)
x = jnp.ones((2, 16, 64))
print(train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
