import jax
import jax.numpy as jnp
import optax

from mylib.model import init_params
from mylib.train import make_loss, make_train_step

SIZES = [32, 64, 64, 4]
mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))

params = init_params(jax.random.key(0), SIZES)
tx = optax.sgd(1e-2)
opt_state = tx.init(params)
batch = (jnp.ones((64, SIZES[0])), jnp.ones((64, SIZES[-1])))

train_step = make_train_step(make_loss(mesh, 'batch'), tx)
train_step = jax.jit(train_step, donate_argnums=(0, 1))
train_step.trace(params, opt_state, batch).lower(lowering_platforms=('cuda',))
