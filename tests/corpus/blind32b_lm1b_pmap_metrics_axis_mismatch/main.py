import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import jax_utils
from flax.training import common_utils, train_state

from lm.models import DecoderLM
from lm.train import train_step

model = DecoderLM()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 32), jnp.int32), train=False)['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params,
                                      tx=optax.adamw(1e-3))
state = jax_utils.replicate(state)

p_train_step = jax.pmap(train_step, axis_name='devices', donate_argnums=(0,))
batch = common_utils.shard({'inputs': np.ones((16, 32), np.int32)})
dropout_rngs = jax.random.split(jax.random.PRNGKey(1), jax.local_device_count())
lowered = jax.jit(p_train_step).trace(state, batch, dropout_rngs).lower(
    lowering_platforms=('cuda',))
print('lowered')
