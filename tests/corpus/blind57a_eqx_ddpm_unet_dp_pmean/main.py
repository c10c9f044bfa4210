import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

from model import TinyUNet

T_STEPS = 1000
BETAS = jnp.linspace(1e-4, 0.02, T_STEPS)
ALPHA_BAR = jnp.cumprod(1.0 - BETAS)

mesh = jax.make_mesh((4,), ("data",))
model = TinyUNet(channels=3, width=32, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adam(2e-4)


def ddpm_loss(params, x0, key):
  net = eqx.combine(params, static)
  kt, kn = jax.random.split(key)
  t = jax.random.randint(kt, (x0.shape[0],), 0, T_STEPS)
  noise = jax.random.normal(kn, x0.shape)
  ab = ALPHA_BAR[t][:, None, None, None]
  xt = jnp.sqrt(ab) * x0 + jnp.sqrt(1.0 - ab) * noise
  pred = jax.vmap(net)(xt, t.astype(jnp.float32))
  return jnp.mean((pred - noise) ** 2)


def train_step(params, opt_state, images, key):
  key = jax.random.fold_in(key, lax.axis_index("data"))   # different noise on every device
  loss, grads = jax.value_and_grad(ddpm_loss)(params, images, key)
  grads = lax.pmean(grads, "data")
  loss = lax.pmean(loss, "data")
  updates, opt_state = optim.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                             in_specs=(P(), P(), P("data"), P()),
                             out_specs=(P(), P(), P())))

if __name__ == "__main__":
  opt_state = optim.init(params)
  images = jax.ShapeDtypeStruct((32, 3, 32, 32), jnp.float32,
                                sharding=NamedSharding(mesh, P("data")))
  step.trace(params, opt_state, images, jax.random.key(1)).lower(lowering_platforms=("cuda",))
