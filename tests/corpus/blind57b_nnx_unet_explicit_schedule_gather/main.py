import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from diffusion import GaussianDiffusion
from unet import UNet


def make_train_step(diffusion):
  def loss_fn(model, x0, noise, t):
    xt = diffusion.q_sample(x0, noise, t)
    eps = model(xt, t)
    return jnp.mean((eps - noise) ** 2)

  @nnx.jit
  def train_step(model, optimizer, x0, noise, t):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x0, noise, t)
    optimizer.update(model, grads)
    return loss

  return train_step


def main():
  mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))
  with jax.set_mesh(mesh):
    model = UNet(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(2e-4), wrt=nnx.Param)
    train_step = make_train_step(GaussianDiffusion(num_steps=1000))
    x0 = jax.sharding.reshard(jnp.ones((8, 16, 16, 3)), P('data'))
    noise = jax.sharding.reshard(jnp.zeros((8, 16, 16, 3)), P('data'))
    t = jax.sharding.reshard(jnp.arange(8, dtype=jnp.int32), P('data'))
    train_step.trace(model, optimizer, x0, noise, t).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
