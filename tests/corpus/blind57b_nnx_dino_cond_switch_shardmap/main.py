import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class Backbone(nnx.Module):
  def __init__(self, out_dim=64, *, rngs):
    self.conv1 = nnx.Conv(3, 16, (3, 3), strides=(2, 2), rngs=rngs)
    self.conv2 = nnx.Conv(16, 32, (3, 3), strides=(2, 2), rngs=rngs)
    self.head = nnx.Linear(32, out_dim, rngs=rngs)

  def __call__(self, x):
    x = nnx.gelu(self.conv1(x))
    x = nnx.gelu(self.conv2(x))
    return self.head(x.mean(axis=(1, 2)))


def flip(x):
  return x[:, :, ::-1, :]


def darken(x):
  return 0.8 * x


def identity(x):
  return x


def ema_update(teacher, student):
  t_state = nnx.state(teacher, nnx.Param)
  s_state = nnx.state(student, nnx.Param)
  nnx.update(teacher, jax.tree.map(lambda t, s: 0.996 * t + 0.004 * s, t_state, s_state))


def skip_update(teacher, student):
  pass


mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))


@nnx.jit
def train_step(student, teacher, optimizer, images, step):

  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P(), P('data'), P()), out_specs=P())
  def local_step(student, teacher, optimizer, images, step):
    view = nnx.switch(lax.axis_index('data') % 3, (flip, darken, identity), images)
    t_out = teacher(images)
    center = lax.pmean(t_out.mean(axis=0), 'data')
    t_probs = jax.nn.softmax((t_out - center) / 0.04)

    def loss_fn(student):
      s_logp = jax.nn.log_softmax(student(view) / 0.1)
      loss = -jnp.sum(lax.stop_gradient(t_probs) * s_logp, axis=-1).mean()
      return lax.pmean(loss, 'data')

    loss, grads = nnx.value_and_grad(loss_fn)(student)
    optimizer.update(student, grads)
    nnx.cond(step % 2 == 0, ema_update, skip_update, teacher, student)
    return loss

  return local_step(student, teacher, optimizer, images, step)


def main():
  student = Backbone(rngs=nnx.Rngs(0))
  teacher = Backbone(rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(student, optax.adamw(5e-4), wrt=nnx.Param)
  images = jax.device_put(jnp.ones((16, 32, 32, 3)), NamedSharding(mesh, P('data')))
  train_step.trace(student, teacher, optimizer, images, jnp.int32(0)).lower(
      lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
