import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'))
kinit = nnx.initializers.lecun_normal()


class DotReluDot(nnx.Module):
  def __init__(self, depth, rngs):
    self.dot1 = nnx.Linear(depth, depth, kernel_init=nnx.with_partitioning(kinit, (None, 'model')),
                           use_bias=False, rngs=rngs)
    self.w2 = nnx.Param(kinit(rngs.params(), (depth, depth)), sharding=('model', None))

  def __call__(self, x):
    y = nnx.relu(self.dot1(x))
    return jnp.dot(y, self.w2[...], out_sharding=P('data', None))


with jax.set_mesh(mesh):
  abstract = nnx.eval_shape(lambda: DotReluDot(128, nnx.Rngs(0)))
  graphdef, abs_state = nnx.split(abstract)
  specs = nnx.get_partition_spec(abs_state)
  shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)

  @jax.jit
  def init_state():
    return nnx.state(DotReluDot(128, nnx.Rngs(0)))

  state = jax.jit(init_state, out_shardings=shardings)()
  model = nnx.merge(graphdef, state)
  optimizer = nnx.Optimizer(model, optax.sgd(0.01), wrt=nnx.Param)

  @nnx.jit
  def step(model, optimizer, x):
    loss, grads = nnx.value_and_grad(lambda m: (m(x) ** 2).mean())(model)
    optimizer.update(model, grads)
    return loss

  x = jax.device_put(jnp.ones((16, 128)), P('data', None))
  print(step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
