import jax
import jax.numpy as jnp
from flax import nnx

from mylib.model import MLP
from mylib.parallel import make_tp_forward

CONFIG = {'din': 16, 'dhidden': 64, 'dout': 8, 'reduce_output': False}

mesh = jax.sharding.Mesh(jax.local_devices(), ('model',))
model = MLP(CONFIG['din'], CONFIG['dhidden'], CONFIG['dout'], rngs=nnx.Rngs(0))
forward = make_tp_forward(mesh, reduce_output=CONFIG['reduce_output'])


@nnx.jit
def predict(model, x):
  return jax.nn.log_softmax(forward(model, x))


x = jnp.ones((32, CONFIG['din']))
predict.trace(model, x).lower(lowering_platforms=('cuda',))
