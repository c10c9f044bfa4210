import equinox as eqx
import jax
import jax.numpy as jnp

import models


class EnsemblePredictor:
    def __init__(self, ensemble):
        self.params, self.static = eqx.partition(ensemble, eqx.is_array)

    def predict(self, params, xs):
        ensemble = eqx.combine(params, self.static)

        def over_members(member, xs):
            # batch of inputs for a single member
            return jax.vmap(models.member_predict, in_axes=(None, 0), axis_name="batch")(member, xs)

        probs = eqx.filter_vmap(over_members, in_axes=(eqx.if_array(0), None))(ensemble, xs)
        return probs[0]


if __name__ == "__main__":
    ensemble = models.make_ensemble(8, jax.random.key(0))
    predictor = EnsemblePredictor(ensemble)
    xs = jax.ShapeDtypeStruct((32, 16), jnp.float32)
    jax.jit(predictor.predict).trace(predictor.params, xs).lower(lowering_platforms=("tpu",))
