import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

from tpnet import ParallelConfig, TPLanguageModel, Trainer

pcfg = ParallelConfig()
devices = np.array(jax.devices()[: pcfg.dp * pcfg.tp]).reshape(pcfg.mesh_shape)
mesh = Mesh(devices, pcfg.mesh_axes)

with jax.set_mesh(mesh):
  model = TPLanguageModel(vocab=128, dim=32, num_heads=4, depth=2, pcfg=pcfg, rngs=nnx.Rngs(0))
  trainer = Trainer(model, optax.adam(1e-3), mesh, pcfg)

batch = {'inputs': jnp.zeros((8, 16), jnp.int32), 'targets': jnp.zeros((8, 16), jnp.int32)}
trainer.lower_train(batch, 'cuda')
trainer.lower_eval(batch, 'cuda')
