import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding

from eqxlib.config import RunConfig
from eqxlib.models import Classifier
from eqxlib.rules import apply_rules
from eqxlib.train import make_train_step

cfg = RunConfig()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

model = Classifier(cfg, jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), apply_rules(params))
params = jax.tree.map(lambda p, s: jax.ShapeDtypeStruct(p.shape, p.dtype, sharding=s),
                      params, shardings)

train_step, optim = make_train_step(cfg, mesh, static)
opt_state = jax.eval_shape(optim.init, params)
tokens = jax.ShapeDtypeStruct((cfg.batch, 64), jnp.int32)
labels = jax.ShapeDtypeStruct((cfg.batch,), jnp.int32)
train_step.trace(params, opt_state, tokens, labels).lower(lowering_platforms=("tpu",))
