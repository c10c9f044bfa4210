"""lm1b's original data parallelism on NNX state: the split state is replicated over the local
devices, the batch reshaped to (devices, per_device, ...) and the step pmapped over `batch`."""
import jax
import jax.numpy as jnp
import optax
from flax import jax_utils, nnx

from models import TransformerConfig, TransformerLM
from train import make_train_step

config = TransformerConfig()
model = TransformerLM(config, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3, weight_decay=0.1), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))

p_train_step = jax.pmap(make_train_step(graphdef, 'batch'), axis_name='batch', donate_argnums=(0,))


def shard(xs):
  n = jax.local_device_count()
  return jax.tree.map(lambda x: x.reshape((n, -1) + x.shape[1:]), xs)


batch = shard({'inputs': jnp.ones((8, 16), jnp.int32), 'targets': jnp.ones((8, 16), jnp.int32)})
jax.jit(p_train_step).trace(jax_utils.replicate(state), batch).lower(lowering_platforms=("cuda",))
