"""Which catalogue entry computes which PyCM statistic: the data the value tests and the docs read
(``tests/unit/test_pycm_values.py`` compares every pair on ten real confusion matrices).

Several PyCM names share one entry when PyCM computes them by the same formula (Y and GI are BM;
AUC of one operating point is the balanced accuracy; F1, PPV and TPR Micro are the overall ACC).

>>> CLASS["GI"], OVERALL["Scott PI"], DISTANCE["Hamann"]
('informedness', 'scott_pi', 'hamann')
"""

from __future__ import annotations

#: PyCM class statistic (of the positive class, on two classes) → slug of a binary entry
CLASS: dict[str, str] = {
    "ACC": "accuracy", "AGF": "adjusted_f_score", "AGM": "adjusted_g_mean", "AUC": "balanced_accuracy",
    "AUPR": "aupr", "BB": "braun_blanquet", "BCD": "bray_curtis", "BM": "informedness", "CEN": "cen_binary",
    "DOR": "diagnostic_odds_ratio", "DP": "discriminant_power", "ERR": "error_rate", "F0.5": "f_beta_0.5",
    "F1": "f_beta_1", "F2": "f_beta_2", "FDR": "fdr", "FNR": "fnr", "FOR": "for", "FPR": "fpr",
    "G": "fowlkes_mallows", "GI": "informedness", "GM": "g_mean", "IBA": "iba", "ICSI": "icsi",
    "IS": "information_score", "J": "jaccard", "LS": "lift", "MCC": "mcc", "MCEN": "mcen_binary",
    "MK": "markedness", "NLR": "nlr", "NPV": "npv", "OC": "overlap_coefficient", "OOC": "otsuka_ochiai",
    "OP": "optimized_precision", "PLR": "plr", "PPV": "ppv", "PRE": "prevalence", "Q": "yule_q",
    "RACC": "random_accuracy", "RACCU": "random_accuracy_unbiased", "TNR": "tnr",
    "TOPR": "positive_prediction_rate", "TPR": "tpr", "Y": "informedness", "dInd": "distance_index",
    "sInd": "similarity_index",
}

#: PyCM overall statistic → slug of a k-class entry ("Overall J" is PyCM's (sum, mean): the mean)
OVERALL: dict[str, str] = {
    "ACC Macro": "acc_macro", "AUNP": "aunp", "AUNU": "aunu", "Bangdiwala B": "bangdiwala_b",
    "Bennett S": "bennett_s", "CBA": "cba", "CSI": "classification_success_index", "Conditional Entropy": "conditional_entropy",
    "Cramer V": "cramer_v", "Cross Entropy": "label_cross_entropy", "F1 Macro": "macro_f1", "F1 Micro": "micro_f1",
    "FNR Macro": "fnr_macro", "FNR Micro": "fnr_micro", "FPR Macro": "fpr_macro", "FPR Micro": "fpr_micro",
    "Gwet AC1": "gwet_ac1", "Hamming Loss": "hamming_loss", "Joint Entropy": "joint_entropy",
    "KL Divergence": "kl_divergence", "Kappa": "cohen_kappa_k", "Kappa No Prevalence": "kappa_no_prevalence",
    "Kappa Unbiased": "scott_pi", "Scott PI": "scott_pi", "Lambda A": "lambda_a", "Lambda B": "lambda_b",
    "Mutual Information": "mutual_information", "NIR": "nir", "NPV Macro": "npv_macro", "NPV Micro": "npv_micro",
    "Overall ACC": "multiclass_accuracy", "Overall CEN": "overall_cen", "Overall J": "macro_jaccard",
    "Overall MCC": "mcc_k", "Overall MCEN": "overall_mcen", "Overall RACC": "overall_racc",
    "Overall RACCU": "overall_raccu", "PPV Macro": "macro_precision", "PPV Micro": "micro_precision",
    "Pearson C": "pearson_c", "Phi-Squared": "phi_squared", "RCI": "rci", "Reference Entropy": "reference_entropy",
    "Response Entropy": "response_entropy", "TNR Macro": "tnr_macro", "TNR Micro": "tnr_micro",
    "TPR Macro": "macro_recall", "TPR Micro": "micro_recall",
}

#: PyCM DistanceType name → slug of a binary entry (the positive class's table)
DISTANCE: dict[str, str] = {
    "AMPLE": "ample", "Anderberg": "anderberg", "AndresMarzoDelta": "andres_marzo_delta",
    "BaroniUrbaniBuserI": "baroni_urbani_buser_1", "BaroniUrbaniBuserII": "baroni_urbani_buser_2",
    "BatageljBren": "batagelj_bren", "BaulieuI": "baulieu_1", "BaulieuII": "baulieu_2", "BaulieuIII": "baulieu_3",
    "BaulieuVIII": "baulieu_8", "BaulieuIX": "baulieu_9", "BaulieuX": "baulieu_10", "BaulieuXI": "baulieu_11",
    "BaulieuXIV": "baulieu_14", "BaulieuXV": "baulieu_15", "BeniniI": "benini_1", "BeniniII": "benini_2",
    "Canberra": "canberra", "Clement": "clement", "Digby": "digby", "Dispersion": "dispersion",
    "Doolittle": "doolittle", "Faith": "faith", "FleissLevinPaik": "fleiss_levin_paik", "ForbesI": "forbes_1",
    "ForbesII": "forbes_2", "GoodmanKruskalLambda": "goodman_kruskal_lambda",
    "GoodmanKruskalLambdaR": "goodman_kruskal_lambda_r", "GuttmanLambdaA": "guttman_lambda_a",
    "GuttmanLambdaB": "guttman_lambda_b", "Hamann": "hamann", "HarrisLahey": "harris_lahey",
    "HawkinsDotson": "hawkins_dotson", "KentFosterI": "kent_foster_1", "KentFosterII": "kent_foster_2",
    "KuderRichardson": "kuder_richardson", "KuhnsI": "kuhns_1", "KuhnsII": "kuhns_2", "KuhnsIII": "kuhns_3",
    "KuhnsIV": "kuhns_4", "KuhnsV": "kuhns_5", "KuhnsVI": "kuhns_6", "KuhnsVII": "kuhns_7",
}
