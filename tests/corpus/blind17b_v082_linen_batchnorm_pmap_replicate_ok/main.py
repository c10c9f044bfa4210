import jax
import jax.numpy as jnp
import optax
from flax import jax_utils

from mylib.model import TinyResNet
from mylib.train import make_train_step

model = TinyResNet()
tx = optax.sgd(0.1, momentum=0.9)
n_dev = jax.local_device_count()

variables = model.init(jax.random.key(0), jnp.ones((1, 16, 16, 3)), train=False)
params, batch_stats = variables['params'], variables['batch_stats']
opt_state = tx.init(params)
params, batch_stats, opt_state = jax_utils.replicate((params, batch_stats, opt_state))

images = jnp.ones((n_dev, 8, 16, 16, 3))
labels = jnp.zeros((n_dev, 8), jnp.int32)

p_train_step = jax.pmap(make_train_step(model, tx), axis_name='batch')
jax.jit(p_train_step).trace(params, batch_stats, opt_state, images, labels).lower(
    lowering_platforms=('cuda',))
